import { RpcException } from '@nestjs/microservices';
import { IsNotEmpty, IsString, MaxLength, ValidateNested } from 'class-validator';
import { Type } from 'class-transformer';
import { BadRequestException } from '@nestjs/common';
import { createRpcValidationPipe, MessagesValidationPipe, validationMessages } from './rpc-validation.pipe';
import { validate } from 'class-validator';
import { plainToInstance } from 'class-transformer';

class NameDto {
  @IsString()
  @MaxLength(20)
  name: string;
}

async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(RpcException);
  return (error as RpcException).getError();
}

describe(createRpcValidationPipe.name, () => {
  const sut = createRpcValidationPipe();

  it('answers a DTO holding invalid text with a 400 naming the property, before its rules run', async () => {
    const error = await failure(sut.transform({ name: 'a\u0000b' }, { type: 'body', metatype: NameDto, data: 'data' }));
    expect(error).toMatchObject({ statusCode: 400, message: ['name contains invalid characters'] });
  });

  it('names a plain value by its key in the message', async () => {
    const error = await failure(sut.transform('\ud800', { type: 'body', metatype: String, data: 'tenantId' }));
    expect(error).toMatchObject({ statusCode: 400, message: ['tenantId contains invalid characters'] });
    const nested = await failure(sut.transform({ userId: 'x\u0000' }, { type: 'body', metatype: Object, data: 'principal' }));
    expect(nested).toMatchObject({ message: ['principal.userId contains invalid characters'] });
  });

  it('still applies the DTO rules to clean input', async () => {
    await expect(sut.transform({ name: 'Colosseo' }, { type: 'body', metatype: NameDto, data: 'data' })).resolves.toEqual({ name: 'Colosseo' });
    const error = await failure(sut.transform({ name: "x".repeat(21) }, { type: 'body', metatype: NameDto, data: 'data' }));
    expect(error).toMatchObject({ statusCode: 400, message: ['name must be shorter than or equal to 20 characters'] });
  });
});

class RequiredDto {
  @IsString({ message: 'Description is required' })
  @IsNotEmpty({ message: 'Description is required' })
  @MaxLength(20)
  description: string;
}

class OuterDto {
  @ValidateNested()
  @Type(() => RequiredDto)
  inner: RequiredDto;

  @IsString()
  @MaxLength(5)
  code: string;
}

describe(validationMessages.name, () => {
  const messagesOf = async (value: object) => validationMessages(await validate(plainToInstance(OuterDto, value)));

  it('reports a missing or empty value once, as missing, without the rules about its form', async () => {
    expect(await messagesOf({ inner: {}, code: 'ab' })).toEqual(['Description is required']);
    expect(await messagesOf({ inner: { description: '' }, code: 'ab' })).toEqual(['Description is required']);
    expect(await messagesOf({ inner: { description: null }, code: 'ab' })).toEqual(['Description is required']);
  });

  it('still gives one message per broken rule of a value that is there', async () => {
    expect(await messagesOf({ inner: { description: 'x'.repeat(21) }, code: 123456 })).toEqual([
      'description must be shorter than or equal to 20 characters',
      'code must be shorter than or equal to 5 characters',
      'code must be a string',
    ]);
  });
});

describe(MessagesValidationPipe.name, () => {
  const sut = new MessagesValidationPipe({ whitelist: true, transform: true });
  const messagesOf = async (value: object) => {
    const error = await sut.transform(value, { type: 'body', metatype: OuterDto }).then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(BadRequestException);
    return ((error as BadRequestException).getResponse() as { message: string[] }).message;
  };

  it("says it leaves a custom decorator's value as it is, and does; never a body, a query or a path parameter", async () => {
    const scope = { tenantId: 'not validated here', principal: { role: 'x' } };
    expect(sut.leavesAsIs({ type: 'custom', metatype: OuterDto })).toBe(true);
    expect(await sut.transform(scope, { type: 'custom', metatype: OuterDto })).toBe(scope);
    for (const type of ['body', 'query', 'param'] as const) expect(sut.leavesAsIs({ type, metatype: OuterDto })).toBe(false);
    // told to validate custom decorators, it does not leave them
    expect(new MessagesValidationPipe({ validateCustomDecorators: true }).leavesAsIs({ type: 'custom', metatype: OuterDto })).toBe(false);
  });

  it('names nested properties by their path, as Nest does, and reports a missing value once, as missing', async () => {
    expect(await messagesOf({ inner: {}, code: 'ab' })).toEqual(['inner.Description is required']);
    expect(await messagesOf({ inner: { description: 'x'.repeat(21) }, code: '' })).toEqual([
      'inner.description must be shorter than or equal to 20 characters',
    ]);
  });
});
