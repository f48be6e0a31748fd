import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';

const SCHEMA_DIR = path.join(__dirname, 'fatturapa');
export const FATTURAPA_SCHEMA_FILE = 'Schema_del_file_xml_FatturaPA_v1.2.2.xsd';
const SIGNATURE_SCHEMA_FILE = 'xmldsig-core-schema.xsd';

/**
 * The official schema as shipped, its import of the signature schema pointed at the copy beside it:
 * the validator reads no network.
 */
function schemaFiles() {
  const schema = readFileSync(path.join(SCHEMA_DIR, FATTURAPA_SCHEMA_FILE), 'utf8').replace(
    /schemaLocation="[^"]*xmldsig-core-schema\.xsd"/,
    `schemaLocation="${SIGNATURE_SCHEMA_FILE}"`,
  );
  return {
    schema: { fileName: FATTURAPA_SCHEMA_FILE, contents: schema },
    preload: [{ fileName: SIGNATURE_SCHEMA_FILE, contents: readFileSync(path.join(SCHEMA_DIR, SIGNATURE_SCHEMA_FILE), 'utf8') }],
  };
}

/** What libxml2 says of the XML against the FatturaPA 1.2.2 schema: valid, or the messages of its errors. */
export async function validateFatturaPA(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  const result = await validateXML({ xml: { fileName: 'fattura.xml', contents: xml }, ...schemaFiles() });
  return { valid: result.valid, errors: result.errors.map((error) => error.message) };
}
