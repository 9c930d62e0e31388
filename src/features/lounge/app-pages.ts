/**
 * What each Lounge app puts on its two pages, so the pages render any app without knowing the
 * apps one by one: its part of its home in the Lounge (/lounge/<slug>/: the member's app in its
 * frame, with its build-time content), its preview on its sales page (/app/<slug>), and, where
 * the app has one, its own crisis line, shown above the app for everyone instead of the
 * Lounge's general line. The one module of the Lounge that imports its apps; only pages import it.
 */
import { isLoungeApp, type LoungeSlug } from './apps';
import type { FrameProps } from './shared/AppFrame';
import StillpointHome from './stillpoint/StillpointHome.astro';
import StillpointPreview from './stillpoint/StillpointPreview.astro';
import BloomHome from './the-bloom-book/BloomHome.astro';
import BloomPreview from './the-bloom-book/BloomPreview.astro';
import WhispersHome from './whispers-before-sleep/WhispersHome.astro';
import WhispersPreview from './whispers-before-sleep/WhispersPreview.astro';
import RiseHome from './rise-mode/RiseHome.astro';
import RisePreview from './rise-mode/RisePreview.astro';
import MindstageHome from './mindstage/MindstageHome.astro';
import MindstagePreview from './mindstage/MindstagePreview.astro';
import ResetHome from './the-reset-room/ResetHome.astro';
import ResetPreview from './the-reset-room/ResetPreview.astro';
import CrisisLine from './the-reset-room/CrisisLine.astro';

/** An Astro component taking `P` (what an .astro import is). */
type Component<P> = (props: P) => unknown;

export interface AppPages {
  Home: Component<FrameProps>;
  Preview: Component<Record<string, never>>;
  CrisisLine?: Component<Record<string, never>>;
}

export const APP_PAGES: Record<LoungeSlug, AppPages> = {
  stillpoint: { Home: StillpointHome, Preview: StillpointPreview },
  'the-bloom-book': { Home: BloomHome, Preview: BloomPreview },
  'whispers-before-sleep': { Home: WhispersHome, Preview: WhispersPreview },
  'rise-mode': { Home: RiseHome, Preview: RisePreview },
  mindstage: { Home: MindstageHome, Preview: MindstagePreview },
  'the-reset-room': { Home: ResetHome, Preview: ResetPreview, CrisisLine },
};

/** The app's parts, or null for an app of the apps collection that has no home in the Lounge yet. */
export const appPages = (slug: string): AppPages | null => (isLoungeApp(slug) ? APP_PAGES[slug] : null);
