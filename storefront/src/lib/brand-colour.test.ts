import { describe, expect, it } from 'vitest';
import { contrastRatio, readableTextOn } from './brand-colour';

describe('readableTextOn', () => {
  it('writes white on dark colours and black on light ones', () => {
    expect(readableTextOn('#1f6f43')).toBe('#ffffff');
    expect(readableTextOn('#000080')).toBe('#ffffff');
    expect(readableTextOn('#ffd700')).toBe('#000000');
    expect(readableTextOn('#F5F5F5')).toBe('#000000');
  });

  it('reaches 4.5:1 on every colour, the mid-tones included', () => {
    for (const colour of ['#777777', '#7f7f7f', '#808080', '#ff0000', '#00a000', '#3b82f6', '#e11d48', '#0ea5e9']) {
      expect(contrastRatio(colour, readableTextOn(colour)), colour).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('falls back to white for something that is not a colour', () => {
    expect(readableTextOn('green')).toBe('#ffffff');
    expect(contrastRatio('green', '#ffffff')).toBeNull();
  });
});
