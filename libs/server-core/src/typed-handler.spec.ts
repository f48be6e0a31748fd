import type { ArgumentMetadata, PipeTransform } from '@nestjs/common';
import { PARAM_ARGS_METADATA, PATTERN_METADATA } from '@nestjs/microservices/constants';
import { RpcException } from '@nestjs/microservices';
import { rpcPattern } from '@quotebook/contracts';
import { Transform } from 'class-transformer';
import { IsString, MaxLength } from 'class-validator';
import { Handles } from './typed-handler';

class NoteDto {
  @IsString()
  @MaxLength(10, { message: 'text is at most 10 characters' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  text: string;
}

const NOTES_CREATE = rpcPattern<{ tenantId: string; data: NoteDto }, NoteDto>('test.notes.create');
const NOTES_FIND = rpcPattern<NoteDto, NoteDto>('test.notes.find');

class NotesHandlers {
  @Handles(NOTES_CREATE, { data: NoteDto })
  async create({ data }: { tenantId: string; data: NoteDto }): Promise<NoteDto> {
    return data;
  }

  @Handles(NOTES_FIND, NoteDto)
  async find(request: NoteDto): Promise<NoteDto> {
    return request;
  }
}

/** The pipe Nest runs on the handler's one argument, the whole request. */
function requestPipe(method: keyof NotesHandlers): PipeTransform {
  const args = Reflect.getMetadata(PARAM_ARGS_METADATA, NotesHandlers, method) as Record<
    string,
    { index: number; pipes: PipeTransform[] }
  >;
  const [argument] = Object.values(args);
  const pipe = argument?.index === 0 ? argument.pipes[0] : undefined;
  if (!pipe) throw new Error(`${method} takes no validated request`);
  return pipe;
}

const metadata: ArgumentMetadata = { type: 'body', metatype: Object };

/** The AppError a refused request carries. */
const failure = (refused: Promise<unknown>) =>
  refused.then(
    () => Promise.reject(new Error('the request passed')),
    (thrown: unknown) => (thrown instanceof RpcException ? thrown.getError() : Promise.reject(thrown)),
  );

describe(Handles.name, () => {
  it("declares the method as the handler of the pattern's subject", () => {
    expect(Reflect.getMetadata(PATTERN_METADATA, NotesHandlers.prototype.create)).toEqual([NOTES_CREATE.subject]);
    expect(Reflect.getMetadata(PATTERN_METADATA, NotesHandlers.prototype.find)).toEqual([NOTES_FIND.subject]);
  });

  it('validates and transforms the parts that name a class, and passes the others as sent', async () => {
    const sut = requestPipe('create');
    const validated = await sut.transform({ tenantId: ' t1 ', data: { text: '  Mare  ' } }, metadata);
    expect(validated).toEqual({ tenantId: ' t1 ', data: { text: 'Mare' } });
    expect((validated as { data: unknown }).data).toBeInstanceOf(NoteDto);
  });

  it('answers a part that breaks its rules with a 400 naming the rule', async () => {
    const sut = requestPipe('create');
    expect(await failure(sut.transform({ tenantId: 't1', data: { text: 'x'.repeat(11) } }, metadata))).toMatchObject({
      statusCode: 400,
      message: ['text is at most 10 characters'],
    });
    expect(await failure(sut.transform({ tenantId: 't1' }, metadata))).toMatchObject({ statusCode: 400 });
  });

  it('validates the whole request when one class is given, refusing properties it does not declare', async () => {
    const sut = requestPipe('find');
    await expect(sut.transform({ text: ' Lago ' }, metadata)).resolves.toEqual({ text: 'Lago' });
    expect(await failure(sut.transform({ text: 'Lago', extra: 1 }, metadata))).toMatchObject({
      statusCode: 400,
      message: ['property extra should not exist'],
    });
  });
});
