import fc from 'fast-check';
import { saveFault } from './save-fault';

describe('saveFault', () => {
  it('reads the block and field the service names', () => {
    expect(saveFault('doc is not a design: $.body.rows[3].columns[1].blocks[0].href must be a link')).toEqual({ path: { row: 3, column: 1, block: 0 }, field: ['href'] });
    expect(saveFault('doc is not a design: $.body.rows[0].columns[0].blocks[12].style.border.color: must match')).toEqual({
      path: { row: 0, column: 0, block: 12 },
      field: ['style', 'border', 'color'],
    });
    expect(saveFault('$.body.rows[1].columns[0].blocks[2].content[0].content[3].text: too long')).toEqual({ path: { row: 1, column: 0, block: 2 }, field: ['content', 'content', 'text'] });
    expect(saveFault('doc is not a design: $.body.rows[1].columns[0].blocks[2] is not a block')?.field).toEqual([]);
  });

  it('names no block for a fault elsewhere', () => {
    expect(saveFault('doc is not a design: $.settings.subject must be at most 200 characters')).toBeNull();
    expect(saveFault('the service found nothing')).toBeNull();
  });

  it('reads any message in linear time, and never throws', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), (text) => {
        saveFault(text);
      }),
    );
    const hostile = '$.body.rows[1].columns[1].blocks['.repeat(20_000);
    // The clock, with room for a loaded machine (a browser project has no process CPU time to
    // read): a reading squared in these 640 000 characters takes minutes.
    const started = performance.now();
    expect(saveFault(hostile)).toBeNull();
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
