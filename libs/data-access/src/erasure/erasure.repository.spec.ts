import { Prisma } from '@prisma/client';
import { PERSON_TABLES } from './erasure.repository';

describe('PERSON_TABLES', () => {
  it('names every model of the schema that holds rows of a person, so a table added later is erased too', () => {
    const withPersonId = Prisma.dmmf.datamodel.models.filter((model) => model.fields.some((field) => field.name === 'personId')).map((model) => model.name);
    expect(withPersonId.length).toBeGreaterThan(0);
    expect([...PERSON_TABLES].sort()).toEqual(withPersonId.sort());
  });
});
