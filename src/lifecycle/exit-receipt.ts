/**
 * What a receipt-gated exit skill wrote to its --receipt-file: one JSON object whose status is
 * exactly success, no-op or failure (a failure may carry a message).
 */
export type ReceiptReading =
  | { kind: "accepted"; status: "success" | "no-op" }
  | { kind: "failure"; message: string }
  | { kind: "unknown-status"; status: string }
  | { kind: "invalid"; detail: string }
  | { kind: "missing" };

/** Pure: the file's text (null when there is no file) read as a receipt. */
export function parseReceipt(text: string | null): ReceiptReading {
  if (text === null) return { kind: "missing" };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: "invalid", detail: (error as Error).message };
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return { kind: "invalid", detail: "not a JSON object" };
  const { status, message } = value as Record<string, unknown>;
  if (status === "success" || status === "no-op") return { kind: "accepted", status };
  if (status === "failure") return { kind: "failure", message: typeof message === "string" ? message : "" };
  return { kind: "unknown-status", status: JSON.stringify(status ?? null) };
}

/** Why a reading stops the chain, for the warning (undefined when it does not). */
export function receiptProblem(reading: ReceiptReading): string | undefined {
  switch (reading.kind) {
    case "accepted": return undefined;
    case "failure": return `its receipt reports failure${reading.message ? `: ${reading.message}` : ""}`;
    case "unknown-status": return `its receipt has status ${reading.status} (expected "success", "no-op" or "failure")`;
    case "invalid": return `its receipt is not valid JSON (${reading.detail})`;
    case "missing": return "it wrote no receipt";
  }
}
