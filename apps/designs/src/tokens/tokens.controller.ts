import { Controller } from '@nestjs/common';
import { DESIGNS_SUBJECTS, type MintTokenRequest, type RequestContext, type VerifyTokenRequest } from '@embed/contracts';
import { Handles } from '@embed/service-runtime';
import { TokensService } from './tokens.service';

@Controller()
export class TokensController {
  constructor(private readonly tokens: TokensService) {}

  @Handles(DESIGNS_SUBJECTS.mintToken)
  mint(request: MintTokenRequest, context: RequestContext) {
    return this.tokens.mint(request, context);
  }

  @Handles(DESIGNS_SUBJECTS.verifyToken)
  verify(request: VerifyTokenRequest) {
    return this.tokens.verify(request);
  }
}
