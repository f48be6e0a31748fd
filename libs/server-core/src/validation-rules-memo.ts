import { getMetadataStorage } from 'class-validator';

type MetadataStorage = ReturnType<typeof getMetadataStorage>;
type ValidationMetadata = Parameters<MetadataStorage['addValidationMetadata']>[0];
type RulesOf = MetadataStorage['getTargetValidationMetadatas'];
type Grouped = ReturnType<MetadataStorage['groupByPropertyName']>;

/** Marks a storage whose rules are remembered, so that it is wrapped once. */
const REMEMBERED = Symbol.for('quotebook.validationRulesRemembered');

/**
 * class-validator works out a class's rules again for every object it validates: it filters the
 * class's own rules and walks every class that has rules to find its ancestors (an `instanceof` per
 * class), then groups them by property. For a DTO of two fields that is half of a validation, and a
 * body of 50 quote items does it 51 times. The rules only change when a decorator adds one, at class
 * definition, so this keeps each answer (frozen: no caller may change it) until a rule is added
 * anywhere, which forgets them all.
 *
 * It wraps the storage's public methods (getMetadataStorage(), MetadataStorage's declared API) on the
 * storage instance; validation-rules-memo.spec.ts fails if class-validator stops asking them, or if
 * an answer differs from the library's own.
 */
export function rememberValidationRules(storage: MetadataStorage = getMetadataStorage()): void {
  const marked = storage as MetadataStorage & { [REMEMBERED]?: true };
  if (marked[REMEMBERED]) return;
  marked[REMEMBERED] = true;

  const computeRules: RulesOf = storage.getTargetValidationMetadatas.bind(storage);
  const computeGroups = storage.groupByPropertyName.bind(storage);
  let rules = new Map<unknown, Map<string, ValidationMetadata[]>>();
  let groups = new WeakMap<ValidationMetadata[], Grouped>();
  const forget = () => {
    rules = new Map();
    groups = new WeakMap();
  };

  const addRule = storage.addValidationMetadata.bind(storage);
  storage.addValidationMetadata = (metadata) => {
    forget();
    addRule(metadata);
  };
  const addConstraint = storage.addConstraintMetadata.bind(storage);
  storage.addConstraintMetadata = (metadata) => {
    forget();
    addConstraint(metadata);
  };
  // (addValidationSchema adds its rules through addValidationMetadata)

  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groupNames) => {
    const options = JSON.stringify([schema ?? null, always, strictGroups, groupNames ?? []]);
    let ofTarget = rules.get(target);
    if (ofTarget === undefined) rules.set(target, (ofTarget = new Map()));
    let found = ofTarget.get(options);
    if (found === undefined) {
      found = Object.freeze(computeRules(target, schema, always, strictGroups, groupNames)) as ValidationMetadata[];
      ofTarget.set(options, found);
    }
    return found;
  };

  storage.groupByPropertyName = (metadata) => {
    // only a remembered (frozen) list is the same list next time
    if (!Object.isFrozen(metadata)) return computeGroups(metadata);
    let grouped = groups.get(metadata);
    if (grouped === undefined) {
      const computed = computeGroups(metadata);
      for (const property of Object.keys(computed)) Object.freeze(computed[property]);
      groups.set(metadata, (grouped = Object.freeze(computed)));
    }
    return grouped;
  };
}
