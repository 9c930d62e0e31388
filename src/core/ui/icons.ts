/**
 * The site's icon set: a curated subset of Lucide (ISC licence), by kebab-case name.
 * Content names icons by these keys (the schemas check them); `Icon.astro` renders them as
 * inline SVG at build time, and the share-image renderer draws the same nodes.
 */
import {
  Anchor, Backpack, BookHeart, BookOpen, Brain, Compass, Crown, Drama, Eye, Feather, Flame, Flower2,
  Gem, Globe, Heart, HeartHandshake, Hourglass, KeyRound, Leaf, Lightbulb, Link2, Lock, Mail, VenetianMask, Mic, Ghost, Weight, CloudSun, Scale,
  Moon, Mountain, Palette, Rocket, RotateCcw, Shield, ShieldCheck, Sparkles, Sprout, Star, Sun, Sunrise,
  Theater, TreePine, Unlock, Users, Volume2, Wand2, Waves, Wind, Zap, CloudRain, Gauge, Bird, Footprints,
  type IconNode,
} from 'lucide';

export const ICONS = {
  anchor: Anchor,
  backpack: Backpack,
  bird: Bird,
  'book-heart': BookHeart,
  'book-open': BookOpen,
  brain: Brain,
  'cloud-rain': CloudRain,
  compass: Compass,
  crown: Crown,
  drama: Drama,
  eye: Eye,
  feather: Feather,
  flame: Flame,
  flower: Flower2,
  footprints: Footprints,
  gauge: Gauge,
  gem: Gem,
  globe: Globe,
  heart: Heart,
  'heart-handshake': HeartHandshake,
  hourglass: Hourglass,
  key: KeyRound,
  leaf: Leaf,
  lightbulb: Lightbulb,
  link: Link2,
  lock: Lock,
  mail: Mail,
  mask: VenetianMask,
  ghost: Ghost,
  weight: Weight,
  'cloud-sun': CloudSun,
  scale: Scale,
  mic: Mic,
  moon: Moon,
  mountain: Mountain,
  palette: Palette,
  rocket: Rocket,
  'rotate-ccw': RotateCcw,
  shield: Shield,
  'shield-check': ShieldCheck,
  sparkles: Sparkles,
  sprout: Sprout,
  star: Star,
  sun: Sun,
  sunrise: Sunrise,
  theater: Theater,
  tree: TreePine,
  unlock: Unlock,
  users: Users,
  volume: Volume2,
  wand: Wand2,
  waves: Waves,
  wind: Wind,
  zap: Zap,
} as const satisfies Record<string, IconNode>;

export type IconName = keyof typeof ICONS;
export const ICON_NAMES = Object.keys(ICONS) as [IconName, ...IconName[]];

export function isIconName(name: string): name is IconName {
  return Object.hasOwn(ICONS, name);
}

/** The SVG markup of an icon's children (paths, circles...), for inline rendering. */
export function iconInnerSvg(name: IconName): string {
  const esc = (v: string | number) => String(v).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return ICONS[name]
    .map(([tag, attrs]) => `<${tag} ${Object.entries(attrs).map(([k, v]) => `${k}="${esc(v as string)}"`).join(' ')}/>`)
    .join('');
}
