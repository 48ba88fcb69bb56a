/**
 * Small line icons for the shell, public, registration, admin and payment screens: they show on every
 * phone (headless Chromium and many cheap phones have no colour emoji font, so emoji become empty
 * boxes). Always next to words, so they are decorative and hidden from screen readers.
 *
 * The shapes live in one sprite, `public/icons/sprite.svg` (fetched once, precached by the service
 * worker), not in the JavaScript: the pre-rendered and no-JS pages point at the same file.
 */
import type { IconName } from './icon-names';

export type { IconName };

/** `size` in px (22 sits beside body text). */
export function Icon({
  name,
  size = 22,
  filled = false,
  className,
}: {
  name: IconName;
  size?: number;
  filled?: boolean;
  className?: string;
}) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <use href={`/icons/sprite.svg#${name}`} />
    </svg>
  );
}

/** The big pictogram above the heading of a notice page (sent, confirmed, thank you, payment result). */
export function BigIcon({ name, tone }: { name: IconName; tone?: 'ok' | 'warn' | 'error' }) {
  return (
    <p className={`big-icon${tone ? ` tone-${tone}` : ''}`} aria-hidden="true">
      <Icon name={name} size={56} />
    </p>
  );
}
