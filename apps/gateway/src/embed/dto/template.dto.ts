import { Matches } from 'class-validator';
import { TEMPLATE_ID_PATTERN } from '@embed/contracts';

export class TemplateParams {
  @Matches(TEMPLATE_ID_PATTERN, { message: 'templateId must be tpl_ and 26 lower-case letters and digits' }) templateId: string;
}
