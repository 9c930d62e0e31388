/** The red (error) or green (success) banner of a form; announced to screen readers. */
export interface Message {
  tone: 'error' | 'success';
  text: string;
}

export default function MessageBanner({ message, id }: { message: Message | null; id?: string }) {
  return (
    <div id={id} role={message?.tone === 'error' ? 'alert' : 'status'} aria-live="polite">
      {message && (
        <p
          className={
            message.tone === 'error'
              ? 'rounded-xl border border-rose-600/30 bg-rose-100 px-4 py-3 text-sm font-medium text-rose-600'
              : 'rounded-xl border border-sage-700/30 bg-sage-100 px-4 py-3 text-sm font-medium text-sage-700'
          }
          data-tone={message.tone}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}
