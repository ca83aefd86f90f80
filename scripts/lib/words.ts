/** Reading time: the words of a Markdown text, and how many a reader reads a minute (stages/validate/validate.ts checks a kind's reading time field with them; the bench's synthetic entries fill it in). */

/** The reading speed behind a reading time (a Markdown kind's rules.readTime), unless the kind gives its own. */
export const WORDS_PER_MINUTE = 200;

/** Words of a Markdown text, without link addresses and Markdown punctuation. */
export function countWords(markdown: string): number {
  return (markdown.replace(/\]\([^)]*\)/g, "]").match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).length;
}
