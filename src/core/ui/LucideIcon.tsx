/**
 * A Lucide icon in a React island: its nodes (imported one by one from 'lucide', or passed in
 * by the page) as an inline SVG, decorative, in the look of `Icon.astro`.
 */
import { createElement } from 'react';
import type { IconNode } from 'lucide';

/** An attribute as React names it: `stroke-width` is `strokeWidth`. */
const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

export default function LucideIcon({ icon, size = 20, className }: { icon: IconNode; size?: number; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      {icon.map(([tag, attrs], i) => createElement(tag, { key: i, ...Object.fromEntries(Object.entries(attrs).map(([k, v]) => [camel(k), v])) }))}
    </svg>
  );
}
