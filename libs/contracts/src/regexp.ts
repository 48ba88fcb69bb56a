/**
 * Text as a regular expression matching exactly it. `-` is escaped too, so the result is safe
 * inside a character class as well as outside one (without the `u` flag).
 */
export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
