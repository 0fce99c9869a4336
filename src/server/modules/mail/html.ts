/** A piece of HTML the program wrote itself: the one kind of value `markup` does not escape. */
export class SafeHtml {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

type Interpolation = SafeHtml | string | number | null | undefined | readonly Interpolation[];

function render(value: Interpolation): string {
  if (value === null || value === undefined) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/**
 * Builds HTML in which every interpolated value is escaped unless it is itself the result of
 * `markup`: a name, a team name or a piece of feedback can never become markup.
 */
export function markup(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += render(value) + strings[i + 1]!;
  });
  return new SafeHtml(out);
}

/** Plain text as HTML paragraphs: escaped, blank lines between paragraphs, line breaks kept. */
export function paragraphs(text: string, style = ''): SafeHtml {
  const blocks = text
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  const lines = (block: string) => block.split(/\r?\n/).map((line, n) => (n ? markup`<br>${line}` : line));
  return markup`${blocks.map((block) =>
    style ? markup`<p style="${style}">${lines(block)}</p>` : markup`<p>${lines(block)}</p>`,
  )}`;
}
