import { type ErrorCode, errorCatalogue, type FieldError } from '@platform/contract';

/** A failure with a stable code from the catalogue; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: FieldError[] | undefined;
  /** Facts the caller needs to act on the failure (for example the balance that was too low). */
  readonly detail: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, fields?: FieldError[], detail?: Record<string, unknown>) {
    super(errorCatalogue[code].message);
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.fields = fields;
    this.detail = detail;
  }
}

/** A field error; `params` fill the placeholders of its message ({min}, {max}, {remaining}...). */
export function fieldError(field: string, message: string, params?: Record<string, number | string>): FieldError {
  return params ? ({ field, message, params } as FieldError) : { field, message };
}

/** Refuses the request with one field error: 400 APP_ERR_VALIDATION unless another code is given. */
export function failField(
  field: string,
  message: string,
  params?: Record<string, number | string>,
  code: ErrorCode = 'APP_ERR_VALIDATION',
): never {
  throw new AppError(code, [fieldError(field, message, params)]);
}
