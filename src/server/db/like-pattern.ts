/** A LIKE pattern (with `escape '\'`) for a part of a text, any case: `%`, `_` and `\` typed are matched as such. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
