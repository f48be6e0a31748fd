// the contracts' DTO decorators read metadata as the module loads
import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { CustomerDto } from '@quotebook/contracts';
import { customerChanges } from './customer.views';

describe(customerChanges.name, () => {
  it('sets the required fields and the optional texts sent, an empty text clearing its field', () => {
    const dto = plainToInstance(CustomerDto, {
      title: 'Dott.',
      name: ' Hotel Lago ',
      email: 'info@lago.test',
      phone: ' 0123 ',
      city: '',
      pec: null,
    });
    expect(customerChanges(dto)).toEqual({
      title: 'Dott.',
      name: 'Hotel Lago',
      email: 'info@lago.test',
      phone: '0123',
      city: null,
      pec: null,
    });
  });

  it('leaves out the optional texts not sent, so they keep their value', () => {
    const dto = plainToInstance(CustomerDto, { title: 'Spett.le', name: 'Lago', email: 'a@b.test' });
    expect(customerChanges(dto)).toEqual({ title: 'Spett.le', name: 'Lago', email: 'a@b.test' });
  });
});
