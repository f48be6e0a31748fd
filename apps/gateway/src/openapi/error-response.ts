import { ApiProperty } from '@nestjs/swagger';

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
}
