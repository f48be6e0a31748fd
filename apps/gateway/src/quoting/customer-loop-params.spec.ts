import { BadRequestException } from '@nestjs/common';
import { LOOP_API_MESSAGES } from '@quotebook/domain';
import { NotificationIdPipe, RevisionNumberPipe } from './customer-loop-params';

describe(RevisionNumberPipe.name, () => {
  const sut = new RevisionNumberPipe();

  it.each(['1', '2', '99', '100000'])('takes %s', (value) => {
    expect(sut.transform(value)).toBe(value);
  });

  it.each(['0', '-1', '01', '1.5', '1e3', '0x10', ' 1', 'abc', '', '100001', '9999999'])('refuses %p with 400 naming n', (value) => {
    expect(() => sut.transform(value)).toThrow(new BadRequestException(LOOP_API_MESSAGES.revisionNumber));
  });
});

describe(NotificationIdPipe.name, () => {
  const sut = new NotificationIdPipe();

  it('takes a UUID or all', async () => {
    await expect(sut.transform('all')).resolves.toBe('all');
    await expect(sut.transform('7c9e6679-7425-40de-944b-e07fc1f90ae7')).resolves.toBe('7c9e6679-7425-40de-944b-e07fc1f90ae7');
  });

  it.each(['ALL', 'every', '7c9e6679', ''])('refuses %p with 400 naming id', async (value) => {
    await expect(sut.transform(value)).rejects.toThrow(new BadRequestException(LOOP_API_MESSAGES.notificationId));
  });
});
