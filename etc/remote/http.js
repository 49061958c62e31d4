// The page's HTTP calls: the device token (localStorage "agentmux-token") as a bearer token, and
// the X-Agent-Remote header on every request that sends input.

const TOKEN_KEY = "agentmux-token";

export const auth = {
  token: localStorage.getItem(TOKEN_KEY) || "",
  set(token) {
    this.token = token || "";
    if (token) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  },
};

export class ApiError extends Error {
  constructor(status, body) {
    super((body && body.error) || `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

/** True for the server's "pair this device" (401 with pair: true). */
export function needsPairing(err) {
  return err instanceof ApiError && err.status === 401 && !!err.body.pair;
}

/** An error's text with its hint on a second line. */
export function errorText(err) {
  if (err instanceof ApiError && err.body.hint) return `${err.message}\n${err.body.hint}`;
  return String((err && err.message) || err);
}

export async function api(method, path, body) {
  const headers = { Accept: "application/json" };
  if (auth.token) headers.Authorization = `Bearer ${auth.token}`;
  if (method !== "GET") {
    headers["X-Agent-Remote"] = "1";
    headers["Content-Type"] = "application/json";
  }
  let res;
  try {
    res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: "no-store" });
  } catch (e) {
    throw new ApiError(0, { error: `Cannot reach the computer (${e.message}).` });
  }
  let data = null;
  try { data = await res.json(); } catch { data = null; }
  if (!res.ok) throw new ApiError(res.status, data);
  return data || {};
}
