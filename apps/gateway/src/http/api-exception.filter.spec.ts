import { BadRequestException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { ServiceUnavailableError } from '@embed/service-runtime';
import { ApiError } from './api-error';
import { toApiError } from './api-exception.filter';

describe('toApiError', () => {
  it('keeps our own errors as they are', () => {
    const error = new ApiError(409, 'user_erased', 'being erased');
    expect(toApiError(error)).toBe(error);
  });

  it('turns a service that did not answer into 503 service_unavailable', () => {
    expect(toApiError(new ServiceUnavailableError('designs.get.v1', new Error('Timeout')))).toMatchObject({ status: 503, code: 'service_unavailable' });
  });

  it('gives framework errors the code of their status', () => {
    expect(toApiError(new NotFoundException('Cannot GET /x'))).toMatchObject({ status: 404, code: 'not_found' });
    expect(toApiError(new BadRequestException('bad'))).toMatchObject({ status: 400, code: 'request_invalid' });
    expect(toApiError(new PayloadTooLargeException())).toMatchObject({ status: 413, code: 'request_invalid' });
  });

  it('hides anything unexpected behind a 500 without its message', () => {
    const error = toApiError(new TypeError('secret internals at /srv/app.js:12'));
    expect(error).toMatchObject({ status: 500, code: 'internal_error' });
    expect(error.message).not.toContain('internals');
  });
});
