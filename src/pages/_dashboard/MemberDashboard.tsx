/**
 * The dashboard as one React island: the account's Dashboard with the other features' cards
 * as its children. Each feature keeps its card (and imports none of the others); this page
 * puts them together, so the browser hydrates one root instead of five. As five islands, the
 * cards were `<astro-island>`s inside the Dashboard's markup: each started hydrating only once
 * the Dashboard had rendered the member's view (inside that commit, one long task), downloaded
 * its own chunks in a later round and rendered and committed on its own. As children, they
 * render in the same interruptible render as the Dashboard and commit with it, their code
 * downloaded with the page's.
 */
import type { ReactNode } from 'react';
import Dashboard from '../../features/account/Dashboard';
import SubscriptionDetails from '../../features/commerce/SubscriptionDetails';
import Library, { type LibraryProps } from '../../features/commerce/Library';
import CoachingSessions from '../../features/coaching/CoachingSessions';
import CourseProgressPanel, { type CourseProgressPanelProps } from '../../features/course/CourseProgressPanel';
import type { CatalogueProduct } from '../../core/access/subscription';

interface Props {
  catalogue: CatalogueProduct[];
  accessLinks: LibraryProps['accessLinks'];
  lessons: CourseProgressPanelProps['lessons'];
  modules: CourseProgressPanelProps['modules'];
  /** Days practised (the Lounge): static markup with its own small custom element, passed as a slot. */
  practice?: ReactNode;
}

export default function MemberDashboard({ catalogue, accessLinks, lessons, modules, practice }: Props) {
  return (
    <Dashboard
      subscription={<SubscriptionDetails catalogue={catalogue} />}
      coaching={<CoachingSessions />}
      library={<Library accessLinks={accessLinks} />}
      course={<CourseProgressPanel variant="dashboard" lessons={lessons} modules={modules} />}
      practice={practice}
    />
  );
}
