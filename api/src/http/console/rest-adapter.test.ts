import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import { toEnvelope } from '../envelope-errors';
import { parseListQuery, sortColumn } from './rest-adapter';

const SORTABLE = { id: 'id-column', title: 'title-column' };

function sortedBy(field: string) {
  return sortColumn(parseListQuery({ sort: JSON.stringify([field, 'ASC']) }), SORTABLE);
}

describe('sortColumn', () => {
  it('gives the column of a sortable field', () => {
    expect(sortedBy('title')).toBe('title-column');
  });

  it.each(['__proto__', 'constructor', 'toString', 'passwordHash'])(
    'answers a 400 in the envelope for %j, which names no column',
    (field) => {
      let thrown: unknown;
      try {
        sortedBy(field);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect(toEnvelope(thrown as AppError)).toEqual({
        status: 400,
        body: {
          code: 400,
          msg: `This list cannot be sorted by ${field}`,
          errors: [{ field: 'sort', message: `This list cannot be sorted by ${field}` }],
        },
      });
    },
  );
});
