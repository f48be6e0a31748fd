import { BadRequestException, PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { LOOP_API_MESSAGES } from '@quotebook/domain';
import { uuidParam } from '../common/params';

/** The highest revision number a path may name (as the answers' `revision` field allows). */
export const MAX_REVISION_NUMBER = 100_000;

/**
 * A revision's number in the path: a whole number from 1, written plainly ("01", "1.0", "1e1", "0x1"
 * are refused). The route declares the parameter as text and reads the number from it once it passed:
 * declared a number, the global validation pipe would have turned "1e1" into 10 before this check.
 */
export class RevisionNumberPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!/^[1-9]\d{0,5}$/.test(value) || Number(value) > MAX_REVISION_NUMBER) throw new BadRequestException(LOOP_API_MESSAGES.revisionNumber);
    return value;
  }
}

export const revisionNumberApiParam = () =>
  ApiParam({ name: 'n', schema: { type: 'integer', format: 'int32', minimum: 1, maximum: MAX_REVISION_NUMBER } });

/** Which notification to mark read: one by its id, or `all` of the user's. */
export class NotificationIdPipe implements PipeTransform<string, Promise<string>> {
  private readonly uuid = uuidParam('id');

  async transform(value: string): Promise<string> {
    if (value === 'all') return value;
    try {
      return await this.uuid.transform(value, { type: 'param', data: 'id' });
    } catch {
      throw new BadRequestException(LOOP_API_MESSAGES.notificationId);
    }
  }
}

const UUID_OR_ALL = '^(all|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$';

export const notificationIdApiParam = () => ApiParam({ name: 'id', schema: { type: 'string', pattern: UUID_OR_ALL } });
