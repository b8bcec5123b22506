// The commit-msg check (.githooks/commit-msg, set up by scripts/install-hooks.mjs): a subject of at most
// 72 characters, so `git log --oneline` can be read. What changed goes in the subject, why in the body,
// after a blank line. Lines git leaves out of the message (comments, and everything below the scissors
// line of `git commit -v`) are not read; a `fixup! ` or `squash! ` in front of a subject is not counted,
// since the commit it names already passed. `git commit --no-verify` skips it once.
import { readFileSync } from 'node:fs';

/** The longest subject git log --oneline shows whole beside a hash on an 80-column terminal. */
export const MAX_SUBJECT = 72;

const SCISSORS = /^# -+ >8 -+$/;
const AUTOSQUASH = /^(?:(?:fixup|squash|amend)! )+/;

/**
 * The subject of a commit message as git will keep it: its first line that is not blank or a comment.
 * @param {string} message the message file's text
 * @returns {string} the subject ('' when there is none)
 */
export function subjectOf(message) {
  for (const line of message.split('\n')) {
    if (SCISSORS.test(line)) break;
    if (line.startsWith('#') || !line.trim()) continue;
    return line.trimEnd();
  }
  return '';
}

/**
 * Why a message's subject is refused, or null when it is fine.
 * @param {string} message the message file's text
 * @returns {string | null} what to tell the committer
 */
export function subjectProblem(message) {
  const subject = subjectOf(message);
  const length = [...subject.replace(AUTOSQUASH, '')].length;
  if (length <= MAX_SUBJECT) return null;
  return [
    `commit-msg: the subject is ${length} characters; at most ${MAX_SUBJECT}, so \`git log --oneline\` stays readable:`,
    `  ${subject}`,
    'Say what changed in the subject, and why in the body, after a blank line.',
    '`git commit --no-verify` skips this check once.',
  ].join('\n');
}

const file = process.argv[2];
if (file) {
  const problem = subjectProblem(readFileSync(file, 'utf8'));
  if (problem) {
    console.error(`${problem}\nYour message is kept in ${file}: \`git commit -e -F ${file}\` takes it up again.`);
    process.exit(1);
  }
}
