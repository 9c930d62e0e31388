/** The partnership modal of the future page: name, email, partnership type and message. */
import { partnershipMachine } from './machine';
import { PARTNERSHIP_COPY, PARTNERSHIP_FAILURES } from './messages';
import { PARTNERSHIP_TYPE_LABELS, PARTNERSHIP_TYPES } from './partnership';
import { requestPartnership } from './api';
import { Field, ModalForm } from './FormDialog';

interface Props {
  /** The dialog's id, which the page's partnership buttons open. */
  id: string;
}

const TYPE_OPTIONS = PARTNERSHIP_TYPES.map((type) => ({ value: type, label: PARTNERSHIP_TYPE_LABELS[type] }));

export default function PartnershipModal({ id }: Props) {
  return (
    <ModalForm
      id={id}
      kind="partnership"
      title="Partner With Us"
      description="Tell us who you are and what you would like to create together. We reply to every request within 48 hours."
      machine={partnershipMachine}
      send={requestPartnership}
      failures={PARTNERSHIP_FAILURES}
      copy={PARTNERSHIP_COPY}
      fields={(field) => (
        <>
          <Field {...field} id={`${id}-name`} name="name" label="Name" autoComplete="name" autoFocus maxLength={200} />
          <Field {...field} id={`${id}-email`} name="email" label="Email" type="email" autoComplete="email" maxLength={320} />
          <Field {...field} id={`${id}-type`} name="partnershipType" label="Partnership type" options={TYPE_OPTIONS} />
          <Field {...field} id={`${id}-message`} name="message" label="Your message" multiline maxLength={5000} />
        </>
      )}
    />
  );
}
