import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DESIGNS_SUBJECTS } from '@embed/contracts';
import { whenValid } from '../common/payload-check';
import { checkMintToken, checkVerifyToken } from './token-payloads';
import { TokensService } from './tokens.service';

@Controller()
export class TokensController {
  constructor(private readonly tokens: TokensService) {}

  @MessagePattern(DESIGNS_SUBJECTS.mintToken)
  mint(@Payload() payload: unknown) {
    return whenValid(checkMintToken(payload), (request) => this.tokens.mint(request));
  }

  @MessagePattern(DESIGNS_SUBJECTS.verifyToken)
  verify(@Payload() payload: unknown) {
    return whenValid(checkVerifyToken(payload), (request) => this.tokens.verify(request));
  }
}
