/** The idea modal of the future page: optional name, email and the idea itself. */
import { ideaMachine } from './machine';
import { IDEA_COPY, IDEA_FAILURES } from './messages';
import { shareIdea } from './api';
import { Field, ModalForm } from './FormDialog';

interface Props {
  /** The dialog's id, which the page's "Share Your Idea" buttons open. */
  id: string;
}

export default function IdeaModal({ id }: Props) {
  return (
    <ModalForm
      id={id}
      kind="idea"
      title="Share Your Idea"
      description="What would make your journey lighter, deeper or more joyful? Every idea is read by a real person on our team."
      machine={ideaMachine}
      send={shareIdea}
      failures={IDEA_FAILURES}
      copy={IDEA_COPY}
      fields={(field) => (
        <>
          <Field {...field} id={`${id}-name`} name="name" label="Name" hint="(optional)" autoComplete="name" autoFocus maxLength={200} />
          <Field {...field} id={`${id}-email`} name="email" label="Email" type="email" autoComplete="email" maxLength={320} />
          <Field {...field} id={`${id}-idea`} name="idea" label="Your idea" multiline maxLength={5000} />
        </>
      )}
    />
  );
}
