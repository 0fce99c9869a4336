import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Field } from './field';

const render = (props: Partial<Parameters<typeof Field>[0]> = {}) =>
  renderToStaticMarkup(
    <Field id="event-title" label="Title" {...props}>
      {(control) => <input {...control} />}
    </Field>,
  );

describe('a form field', () => {
  it('names its control with its label and adds nothing else when all is well', () => {
    expect(render()).toBe('<div class="field"><label for="event-title">Title</label><input id="event-title"/></div>');
  });

  it('ties the hint and the error to the control, and marks it invalid', () => {
    const html = render({ hint: 'Up to 120 characters.', error: 'Title is required.' });
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="event-title-hint event-title-error"');
    expect(html).toContain('<p id="event-title-hint" class="hint">Up to 120 characters.</p>');
    expect(html).toContain('<p id="event-title-error" class="error-text">Title is required.</p>');
  });

  it('shows the hint above the control when asked, and marks a required control', () => {
    const html = render({ hint: 'Time zone: UTC', hintFirst: true, required: true });
    expect(html.indexOf('event-title-hint')).toBeLessThan(html.indexOf('<input'));
    // preact-render-to-string writes a true boolean attribute bare (`required`), react-dom `required=""`.
    expect(html).toMatch(/<input [^>]*\brequired\b/);
  });
});
