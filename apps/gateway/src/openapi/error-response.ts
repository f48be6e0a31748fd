import { ApiProperty } from '@nestjs/swagger';
import { APP_ERROR_REASONS, type AppErrorReason } from '@quotebook/contracts';

/** The body of every error answer of the gateway (see HttpErrorFilter). */
export class ErrorResponse {
  @ApiProperty({ description: 'the HTTP status code', example: 400 })
  statusCode: number;

  @ApiProperty({
    description: 'one message per broken rule for validation errors, else one sentence',
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }],
    example: ['Description is required'],
  })
  message: string | string[];

  @ApiProperty({ description: 'the reason phrase of statusCode', example: 'Bad Request' })
  error: string;

  @ApiProperty({
    description:
      'stable name of the broken rule (e.g. KEYWORD_TAKEN), or of the class of failure when no rule names it; clients switch on it, never on the message',
    enum: APP_ERROR_REASONS,
    enumName: 'ErrorReason',
    example: 'VALIDATION_FAILED',
  })
  reason: AppErrorReason;
}
