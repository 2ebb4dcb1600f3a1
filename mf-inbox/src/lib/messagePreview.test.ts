import { describe, expect, it } from 'vitest';
import { messagePreview } from './messagePreview';

describe('messagePreview', () => {
  it('strips the markup', () => {
    expect(messagePreview('**Hi** _there_, see [docs](https://example.com)\n\n- one')).toBe(
      'Hi there, see docs one',
    );
  });

  it('never shows a spoiler', () => {
    expect(messagePreview('The end: >!the butler did it!< ok')).toBe('The end: [spoiler] ok');
  });

  it('hides a spoiler the server cut open', () => {
    const stored = `${'x'.repeat(10)} >!the butler did i`;
    expect(messagePreview(stored)).toBe(`${'x'.repeat(10)} [spoiler]`);
    expect(messagePreview('>!a!< and >!b')).toBe('[spoiler] and [spoiler]');
  });

  it('cuts with an ellipsis', () => {
    expect(messagePreview('a'.repeat(20), 10)).toBe(`${'a'.repeat(10)}…`);
  });

  it('keeps plain text as it was', () => {
    expect(messagePreview('Status: all good')).toBe('Status: all good');
    expect(messagePreview('')).toBe('');
  });
});
