/** Sent in the User-Agent; equal to the version in package.json (a test checks). */
export const CLIENT_VERSION = '0.1.0';
