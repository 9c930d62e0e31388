/** Why something cannot be saved or done, said beside it as an alert (read out at once); nothing when all is well. */
export default function Problem({ text, className = '' }: { text: string | null; className?: string }) {
  if (!text) return null;
  return (
    <p role="alert" className={`${className} text-sm font-medium text-rose-600`.trim()}>
      {text}
    </p>
  );
}
