import { describe, expect, it } from 'vitest';
import { parseFeaturesDisabled } from '../../src/core/config/features';
import { isCurrent } from '../../src/core/config/site';
import { formatPrice } from '../../src/core/money';
import { ICON_NAMES, iconInnerSvg, isIconName } from '../../src/core/ui/icons';

describe('the site-wide disable flag', () => {
  it('is on when the variable is unset or empty', () => {
    expect(parseFeaturesDisabled(undefined)).toBe(true);
    expect(parseFeaturesDisabled('')).toBe(true);
  });
  it('is on for any value but exactly "false"', () => {
    for (const value of ['true', '1', '0', 'no', 'off', 'False', 'FALSE', ' false', 'false ']) {
      expect(parseFeaturesDisabled(value), JSON.stringify(value)).toBe(true);
    }
  });
  it('is off only for "false"', () => {
    expect(parseFeaturesDisabled('false')).toBe(false);
    expect(parseFeaturesDisabled(false)).toBe(false);
  });
});

describe('navigation', () => {
  it('marks the current route, ignoring a trailing slash, and only it', () => {
    expect(isCurrent('/pricing', '/pricing/')).toBe(true);
    expect(isCurrent('/pricing', '/pricing')).toBe(true);
    expect(isCurrent('/', '/')).toBe(true);
    expect(isCurrent('/', '/pricing')).toBe(false);
    expect(isCurrent('/pricing', '/')).toBe(false);
  });
});

describe('prices', () => {
  it('formats whole-dollar prices with thousands separators', () => {
    expect(formatPrice(29, 'usd')).toBe('$29');
    expect(formatPrice(3999, 'usd')).toBe('$3,999');
  });
});

describe('icons', () => {
  it('knows its own names and renders escaped SVG children', () => {
    expect(isIconName('sparkles')).toBe(true);
    expect(isIconName('constructor')).toBe(false);
    expect(isIconName('nope')).toBe(false);
    for (const name of ICON_NAMES) expect(iconInnerSvg(name)).toMatch(/^<(path|circle|rect|line|polyline|polygon|ellipse)\b/);
  });
});
