/**
 * RFC 3339 `date-time` (section 5.6): `full-date "T" full-time`, with `T` and `Z` in either case
 * (its note on case), or a single space for `T` (its note on readability, which JSON Schema
 * validators such as ajv-formats also accept), fractional seconds of any length, and a numeric
 * offset `±hh:mm`. Second 60 is a leap second (section 5.7): valid only where the time is 23:59 in
 * UTC once the offset is applied. Day numbers are checked against the month and leap years
 * (appendix C). ISO 8601 forms outside RFC 3339 (`+0100`, `+01`, no offset, week dates) are refused.
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

const isLeapYear = (year: number): boolean => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

export function isRfc3339DateTime(text: string): boolean {
  const match = DATE_TIME.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const sign = match[7] === '-' ? -1 : 1;
  const offsetHours = Number(match[8] ?? 0);
  const offsetMinutes = Number(match[9] ?? 0);
  if (month < 1 || month > 12) return false;
  const days = month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] as number);
  if (day < 1 || day > days) return false;
  if (hour > 23 || minute > 59 || second > 60 || offsetHours > 23 || offsetMinutes > 59) return false;
  if (second < 60) return true;
  // A leap second: the local time minus the offset must be 23:59 UTC (of any day).
  const utcMinutes = (((hour * 60 + minute - sign * (offsetHours * 60 + offsetMinutes)) % 1440) + 1440) % 1440;
  return utcMinutes === 23 * 60 + 59;
}
