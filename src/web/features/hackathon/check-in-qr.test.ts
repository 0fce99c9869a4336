import { describe, expect, it } from 'vitest';
import { qrPath } from './check-in-qr';

describe('qrPath', () => {
  it('draws each dark module once as a unit square, shifted by the quiet zone', () => {
    const modules = [
      [true, false],
      [false, true],
    ];
    expect(qrPath(modules, 4)).toBe('M4 4h1v1h-1zM5 5h1v1h-1z');
    expect(qrPath([[false]], 4)).toBe('');
  });
});
