/**
 * The API's error model: every failure is answered `["CODE", message]` with GLPI's status.
 * Handlers throw ApiError; the pipeline turns it into a response.
 */
export class ApiError extends Error {
  /** The session's language (GLPI's code), set when a session's request fails: the answer is given in it. */
  language = '';

  constructor(
    readonly status: number,
    readonly code: string,
    /** A message string, or for bulk failures the per-element results. */
    readonly detail: unknown,
    /** Append "; view documentation in your browser at …/#CODE" as GLPI does for these errors. */
    readonly withDoc = false,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === 'string' ? detail : code);
  }
}

export const RIGHT_MISSING_MESSAGE = "You don't have permission to perform this action.";
export const ITEM_NOT_FOUND_MESSAGE = 'Item not found';

/** Generic 400 `ERROR` with a message and the documentation suffix. */
/** Said when a client sends `Authorization: Bearer …`, which GLPI's API does not know. */
export const BEARER_HINT =
  '; Authorization: Bearer is not supported: initSession takes "Authorization: Basic <base64 of login:password>" or "Authorization: user_token <token>", later requests send the session token in the Session-Token header';
export const isBearer = (authorization: string | null) => /^\s*bearer(\s|$)/i.test(authorization ?? '');

export const badRequest = (message: string) => new ApiError(400, 'ERROR', message, true);

export const errors = {
  sessionTokenMissing: (hint = '') => new ApiError(401, 'ERROR_SESSION_TOKEN_MISSING', `parameter session_token is missing or empty${hint}`, true),
  sessionTokenInvalid: () => new ApiError(401, 'ERROR_SESSION_TOKEN_INVALID', 'session_token seems invalid'),
  appTokenMissing: () => new ApiError(400, 'ERROR_APP_TOKEN_PARAMETERS_MISSING', 'missing parameter app_token', true),
  appTokenWrong: () => new ApiError(400, 'ERROR_WRONG_APP_TOKEN_PARAMETER', 'parameter app_token seems wrong', true),
  notAllowedIp: (ip: string) =>
    new ApiError(400, 'ERROR_NOT_ALLOWED_IP', `There isn't an active API client matching your IP address in the configuration (${ip})`),
  apiDisabled: () => new ApiError(400, 'ERROR', 'API disabled'),
  loginParametersMissing: (hint = '') =>
    new ApiError(400, 'ERROR_LOGIN_PARAMETERS_MISSING', `parameter(s) login, password or user_token are missing${hint}`, true),
  loginWithCredentialsDisabled: () =>
    new ApiError(400, 'ERROR_LOGIN_WITH_CREDENTIALS_DISABLED', 'usage of initSession resource with credentials is disabled'),
  loginFailed: (message = 'Incorrect username or password') => new ApiError(401, 'ERROR_GLPI_LOGIN', message),
  userTokenInvalid: () => new ApiError(401, 'ERROR_GLPI_LOGIN_USER_TOKEN', 'parameter user_token seems invalid'),
  loginThrottled: (seconds: number) =>
    new ApiError(429, 'ERROR_GLPI_LOGIN', `Too many failed login attempts; try again in ${seconds} seconds`, false, {
      'Retry-After': String(seconds),
    }),
  itemNotFound: () => new ApiError(404, 'ERROR_ITEM_NOT_FOUND', ITEM_NOT_FOUND_MESSAGE),
  rightMissing: () => new ApiError(403, 'ERROR_RIGHT_MISSING', RIGHT_MISSING_MESSAGE),
  badArray: (message = 'input parameter must be an array of objects') => new ApiError(400, 'ERROR_BAD_ARRAY', message, true),
  resourceNotFound: (message = 'resource not found') => new ApiError(400, 'ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM', message, true),
  resourceMissing: () => new ApiError(400, 'ERROR_RESOURCE_MISSING', 'missing resource', true),
  jsonPayloadForbidden: () =>
    new ApiError(400, 'ERROR_JSON_PAYLOAD_FORBIDDEN', 'GET Request should not have json payload (http body)', true),
  jsonPayloadInvalid: (why?: string) =>
    new ApiError(400, 'ERROR_JSON_PAYLOAD_INVALID', why ? `JSON payload seems not valid: ${why}` : 'JSON payload seems not valid'),
  payloadTooLarge: (limit: number) => new ApiError(413, 'ERROR_JSON_PAYLOAD_INVALID', `request body exceeds ${limit} bytes`),
  rangeExceedTotal: (total: number) => new ApiError(400, 'ERROR_RANGE_EXCEED_TOTAL', `Provided range exceed total count of data: ${total}`, true),
  fieldNotFound: (field: string, itemtype: string) =>
    new ApiError(400, 'ERROR_FIELD_NOT_FOUND', `Field ${field} is not valid for ${itemtype} item.`, true),
  rateLimited: (seconds: number) =>
    new ApiError(429, 'ERROR_TOO_MANY_REQUESTS', `Too many requests from this address or session; try again in ${seconds} seconds`, false, {
      'Retry-After': String(seconds),
    }),
  internal: () => new ApiError(500, 'ERROR', 'An unexpected error occurred; it has been logged on the server.'),
};

/** Every error code the API answers, with its usual status and meaning: the API reference has a section for each. */
export const ERROR_CATALOGUE: Record<string, { status: string; meaning: string }> = {
  ERROR: { status: '400, 500', meaning: 'A generic failure (bad parameter, unsupported search option, API disabled, unexpected error).' },
  ERROR_SESSION_TOKEN_MISSING: { status: '401', meaning: 'No Session-Token header nor session_token parameter.' },
  ERROR_SESSION_TOKEN_INVALID: { status: '401', meaning: 'The session token is unknown, expired or killed, or its user is disabled.' },
  ERROR_APP_TOKEN_PARAMETERS_MISSING: { status: '400', meaning: 'API clients are configured and no App-Token was sent.' },
  ERROR_WRONG_APP_TOKEN_PARAMETER: { status: '400', meaning: 'The App-Token matches no active API client.' },
  ERROR_NOT_ALLOWED_IP: { status: '400', meaning: 'No active API client allows the caller\'s IP address.' },
  ERROR_LOGIN_PARAMETERS_MISSING: { status: '400', meaning: 'initSession without credentials (Basic, user_token, or login and password).' },
  ERROR_LOGIN_WITH_CREDENTIALS_DISABLED: { status: '400', meaning: 'initSession with login and password is disabled; use a user_token.' },
  ERROR_GLPI_LOGIN: { status: '401, 429', meaning: 'Wrong login or password, or too many failed logins (see Retry-After).' },
  ERROR_GLPI_LOGIN_USER_TOKEN: { status: '401', meaning: 'The user_token matches no active user.' },
  ERROR_ITEM_NOT_FOUND: { status: '404', meaning: 'No such item in the active entities (or its file is missing).' },
  ERROR_RIGHT_MISSING: { status: '403', meaning: 'The active profile lacks the right for this action.' },
  ERROR_BAD_ARRAY: { status: '400', meaning: 'input must be an object or an array of objects.' },
  ERROR_RESOURCE_NOT_FOUND_NOR_COMMONDBTM: { status: '400', meaning: 'The first path segment is neither an endpoint nor an itemtype.' },
  ERROR_RESOURCE_MISSING: { status: '400', meaning: 'The endpoint needs a resource (an itemtype) in the path.' },
  ERROR_JSON_PAYLOAD_FORBIDDEN: { status: '400', meaning: 'A GET request carried a body.' },
  ERROR_JSON_PAYLOAD_INVALID: { status: '400, 413', meaning: 'The body is not valid JSON, or exceeds the size limit.' },
  ERROR_UPLOAD_FILE_TOO_BIG_POST_MAX_SIZE: { status: '400', meaning: 'An upload is too large or carries no file.' },
  ERROR_RANGE_EXCEED_TOTAL: { status: '400', meaning: 'The range starts beyond the number of rows.' },
  ERROR_FIELD_NOT_FOUND: { status: '400', meaning: 'A field named in the request does not exist for the itemtype.' },
  ERROR_TOO_MANY_REQUESTS: { status: '429', meaning: 'Too many requests from this address or session (see Retry-After).' },
  ERROR_NOT_DELETED: { status: '400', meaning: 'The item could not be deleted (it is still used, or protected).' },
  ERROR_GLPI_ADD: { status: '400', meaning: 'No element of a create request was added; the second element lists why per element.' },
  ERROR_GLPI_UPDATE: { status: '400', meaning: 'No element of an update request was changed; per-element results follow.' },
  ERROR_GLPI_DELETE: { status: '400', meaning: 'No element of a delete request was deleted; per-element results follow.' },
  ERROR_GLPI_PARTIAL_ADD: { status: '207', meaning: 'Some elements of a create request failed; per-element results follow.' },
  ERROR_GLPI_PARTIAL_UPDATE: { status: '207', meaning: 'Some elements of an update request failed; per-element results follow.' },
  ERROR_GLPI_PARTIAL_DELETE: { status: '207', meaning: 'Some elements of a delete request failed; per-element results follow.' },
};
