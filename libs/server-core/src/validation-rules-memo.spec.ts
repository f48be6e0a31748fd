import { getMetadataStorage, IsInt, IsOptional, IsString, MaxLength, MetadataStorage, Min, validate, ValidateNested } from 'class-validator';
import { plainToInstance, Type } from 'class-transformer';
import { createRpcValidationPipe, MessagesValidationPipe } from './rpc-validation.pipe';
import { rememberValidationRules } from './validation-rules-memo';

class LineDto {
  @IsInt()
  @Min(1)
  quantity: number;
}

class OrderDto {
  @IsString()
  @MaxLength(5)
  code: string;

  @ValidateNested({ each: true })
  @Type(() => LineDto)
  lines: LineDto[];
}

const storage = getMetadataStorage();
/** The library's own answer, worked out afresh. */
const ownRulesOf = (...args: Parameters<MetadataStorage['getTargetValidationMetadatas']>) => MetadataStorage.prototype.getTargetValidationMetadatas.apply(storage, args);
const messagesOf = async (type: new () => object, plain: object) =>
  (await validate(plainToInstance(type, plain), { whitelist: true, forbidNonWhitelisted: true })).flatMap((error) => [
    ...Object.values(error.constraints ?? {}),
    ...(error.children ?? []).flatMap((child) => (child.children ?? []).flatMap((grandchild) => Object.values(grandchild.constraints ?? {}))),
  ]);

describe(rememberValidationRules.name, () => {
  beforeAll(() => rememberValidationRules());

  it('is installed by the gateway and service validation pipes, once', () => {
    const fresh = new MetadataStorage();
    rememberValidationRules(fresh);
    const wrapped = fresh.getTargetValidationMetadatas;
    rememberValidationRules(fresh);
    expect(fresh.getTargetValidationMetadatas).toBe(wrapped);
    // the global storage, as the pipes use it
    new MessagesValidationPipe();
    createRpcValidationPipe();
    expect(storage.getTargetValidationMetadatas).not.toBe(MetadataStorage.prototype.getTargetValidationMetadatas);
  });

  it('is what class-validator asks for the rules of every object it validates (an upgrade that stops asking fails here)', async () => {
    const asked = jest.spyOn(storage, 'getTargetValidationMetadatas');
    const grouped = jest.spyOn(storage, 'groupByPropertyName');
    try {
      await validate(plainToInstance(OrderDto, { code: 'A', lines: [{ quantity: 1 }, { quantity: 2 }] }));
      expect(asked.mock.calls.map(([target]) => target)).toEqual([OrderDto, LineDto, LineDto]);
      expect(grouped).toHaveBeenCalledTimes(3);
    } finally {
      asked.mockRestore();
      grouped.mockRestore();
    }
  });

  it('answers the same list each time, equal to the library’s own and frozen', () => {
    const first = storage.getTargetValidationMetadatas(OrderDto, '', false, false, undefined);
    expect(storage.getTargetValidationMetadatas(OrderDto, '', false, false, undefined)).toBe(first);
    expect(first).toEqual(ownRulesOf(OrderDto, '', false, false, undefined));
    expect(Object.isFrozen(first)).toBe(true);
    expect(storage.groupByPropertyName(first)).toBe(storage.groupByPropertyName(first));
    expect(Object.keys(storage.groupByPropertyName(first)).sort()).toEqual(['code', 'lines']);
  });

  it('keeps the answers of different options apart', () => {
    class GroupedDto {
      @IsString({ groups: ['admin'] })
      secret: string;

      @IsInt()
      count: number;
    }
    for (const [always, strict, groups] of [
      [false, false, undefined],
      [true, false, undefined],
      [false, true, undefined],
      [false, false, ['admin']],
      [false, true, ['other']],
    ] as const) {
      const remembered = storage.getTargetValidationMetadatas(GroupedDto, '', always, strict, groups ? [...groups] : undefined);
      expect(remembered.map((rule) => rule.propertyName).sort()).toEqual(
        ownRulesOf(GroupedDto, '', always, strict, groups ? [...groups] : undefined)
          .map((rule) => rule.propertyName)
          .sort(),
      );
    }
  });

  it('validates as the library alone does, nested objects included', async () => {
    expect(await messagesOf(OrderDto, { code: 'TOOLONG', lines: [{ quantity: 0 }], extra: 1 })).toEqual([
      'property extra should not exist',
      'code must be shorter than or equal to 5 characters',
      'quantity must not be less than 1',
    ]);
    expect(await messagesOf(OrderDto, { code: 'OK', lines: [{ quantity: 3 }] })).toEqual([]);
  });

  it('sees a rule added after a class was validated, and a subclass defined later (nothing stale is kept)', async () => {
    class ParentDto {
      @IsInt()
      size: number;
    }
    expect(await messagesOf(ParentDto, { size: 'big' })).toEqual(['size must be an integer number']);
    expect(await messagesOf(ParentDto, { size: 1, note: 'x' })).toEqual(['property note should not exist']);

    // a rule decorated onto the class afterwards: the next validation applies it
    IsOptional()(ParentDto.prototype, 'note');
    MaxLength(3)(ParentDto.prototype, 'note');
    expect(await messagesOf(ParentDto, { size: 1, note: 'long note' })).toEqual(['note must be shorter than or equal to 3 characters']);

    class ChildDto extends ParentDto {
      @IsString()
      label: string;
    }
    expect((await messagesOf(ChildDto, { size: 'big', label: 2 })).sort()).toEqual(['label must be a string', 'size must be an integer number']);
  });
});
