// Answers for side requests that ask for structured output (Claude's session title, Gemini
// CLI's next-speaker check and model router): JSON that fits the request's schema.

export interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  enum?: string[];
  items?: Schema;
}

/** Fields the agents' side requests use, with answers that end the turn quietly. */
const KNOWN_FIELDS: Record<string, unknown> = {
  next_speaker: "user",
  model_choice: "flash",
  reasoning: "Stand-in.",
  title: "Stand-in session",
};

const FALLBACK_TEXT = "Stand-in";

/** A value that fits a (small) JSON schema: known fields get quiet answers, the rest the
 * simplest value of their type. */
export function fillSchema(schema: Schema | undefined, field = ""): unknown {
  if (field in KNOWN_FIELDS) return KNOWN_FIELDS[field];
  if (!schema) return FALLBACK_TEXT;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  switch ((schema.type ?? "").toLowerCase()) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const [key, sub] of Object.entries(schema.properties ?? {})) out[key] = fillSchema(sub, key);
      return out;
    }
    case "array":
      return [];
    case "boolean":
      return false;
    case "number":
    case "integer":
      return 0;
    default:
      return FALLBACK_TEXT;
  }
}
