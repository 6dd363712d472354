import { deleteInBatches } from './in-batches';

describe('deleting in batches', () => {
  it('asks for batches of the size until one comes back short, and totals them', async () => {
    let left = 1_050;
    const asked: number[] = [];
    const deleted = await deleteInBatches(async (limit) => {
      asked.push(limit);
      const now = Math.min(limit, left);
      left -= now;
      return now;
    }, 500);
    expect(deleted).toBe(1_050);
    expect(asked).toEqual([500, 500, 500]);
  });
});
