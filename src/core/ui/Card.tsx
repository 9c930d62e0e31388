/**
 * A card of the member's pages (the dashboard's profile, subscription, coaching, library, course
 * and account cards): a white panel labelled by its h2 title, its content under the title.
 * `wide` spans both columns of the dashboard's grid; other attributes (an id, data-*) go to
 * the section.
 */
import type { HTMLAttributes, ReactNode } from 'react';

type Props = Omit<HTMLAttributes<HTMLElement>, 'title' | 'className' | 'children'> & {
  /** The title's id, which labels the card. */
  titleId: string;
  title: ReactNode;
  wide?: boolean;
  children: ReactNode;
};

export default function Card({ titleId, title, wide, children, ...section }: Props) {
  return (
    <section className={`card p-6 sm:p-8${wide ? ' lg:col-span-2' : ''}`} aria-labelledby={titleId} {...section}>
      <h2 id={titleId} className="text-2xl font-semibold">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}
