/** A day in milliseconds, defined once for the server and the sidebar page (a UTC day: no time zone shifts it). */
export const DAY_MS = 86_400_000;
