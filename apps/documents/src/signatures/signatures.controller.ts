import { Controller } from '@nestjs/common';
import { NormalizePathDto, RpcRequest, SIGNATURE_CLAIM_UPLOAD, SIGNATURE_NORMALIZE_PATH, SIGNATURE_UPLOAD_URL } from '@quotebook/contracts';
import { Handles } from '@quotebook/server-core';
import { SignaturesService } from './signatures.service';

@Controller()
export class SignaturesController {
  constructor(private readonly signatures: SignaturesService) {}

  @Handles(SIGNATURE_UPLOAD_URL)
  uploadUrl({ principal, tenantId }: RpcRequest<typeof SIGNATURE_UPLOAD_URL>) {
    return this.signatures.uploadUrl(principal, tenantId);
  }

  @Handles(SIGNATURE_CLAIM_UPLOAD)
  claim(claim: RpcRequest<typeof SIGNATURE_CLAIM_UPLOAD>) {
    return this.signatures.claim(claim);
  }

  @Handles(SIGNATURE_NORMALIZE_PATH, { data: NormalizePathDto })
  normalizePath({ principal, tenantId, data }: RpcRequest<typeof SIGNATURE_NORMALIZE_PATH>) {
    return this.signatures.normalizePath(principal, tenantId, data);
  }
}
