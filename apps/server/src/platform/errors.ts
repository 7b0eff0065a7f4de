import { type ErrorCode, errorCatalogue, type FieldError } from '@platform/contract';

/** A failure with a stable code from the catalogue; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: FieldError[] | undefined;

  constructor(code: ErrorCode, fields?: FieldError[]) {
    super(errorCatalogue[code].message);
    this.code = code;
    this.status = errorCatalogue[code].status;
    this.fields = fields;
  }
}
