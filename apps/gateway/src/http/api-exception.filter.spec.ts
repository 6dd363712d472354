import { BadRequestException, HttpException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { ServiceUnavailableError } from '@embed/service-runtime';
import { StorageUnavailableError } from '@embed/storage';
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

  it('turns a store that did not answer (an upload, a download) into 503 service_unavailable', () => {
    expect(toApiError(new StorageUnavailableError('write a file', new Error('connect ECONNREFUSED 127.0.0.1:4569')))).toMatchObject({ status: 503, code: 'service_unavailable' });
  });

  it('gives framework errors the code of their status', () => {
    expect(toApiError(new NotFoundException('Cannot GET /x'))).toMatchObject({ status: 404, code: 'not_found' });
    expect(toApiError(new BadRequestException('bad'))).toMatchObject({ status: 400, code: 'request_invalid' });
    expect(toApiError(new PayloadTooLargeException())).toMatchObject({ status: 413, code: 'request_invalid' });
  });

  it('answers any other refusal of the request by the framework as request_invalid, never a 500', () => {
    expect(toApiError(new HttpException('URI too long', 414))).toMatchObject({ status: 414, code: 'request_invalid' });
    expect(toApiError(new HttpException('Request Header Fields Too Large', 431))).toMatchObject({ status: 431, code: 'request_invalid' });
  });

  it('reads the status of errors Fastify raises itself, outside Nest', () => {
    const unsupported = Object.assign(new Error('Unsupported Media Type'), { name: 'FastifyError', code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE', statusCode: 415 });
    expect(toApiError(unsupported)).toMatchObject({ status: 415, code: 'request_invalid', message: 'Unsupported Media Type' });
  });

  it('hides anything unexpected behind a 500 without its message', () => {
    const error = toApiError(new TypeError('secret internals at /srv/app.js:12'));
    expect(error).toMatchObject({ status: 500, code: 'internal_error' });
    expect(error.message).not.toContain('internals');
  });
});
