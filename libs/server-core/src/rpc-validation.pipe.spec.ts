import { RpcException } from '@nestjs/microservices';
import { IsString, MaxLength } from 'class-validator';
import { createRpcValidationPipe } from './rpc-validation.pipe';

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
