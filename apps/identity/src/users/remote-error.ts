import { RpcException } from '@nestjs/microservices';
import { isAppError, type AppErrorCode } from '@quotebook/contracts';

/** The code of the AppError another service answered with, if the failure carries one. */
export function remoteErrorCode(error: unknown): AppErrorCode | undefined {
  const carried = error instanceof RpcException ? error.getError() : undefined;
  return isAppError(carried) ? carried.code : undefined;
}
