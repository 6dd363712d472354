import './tracing';
import { runBackendService } from '@embed/service-runtime';
import { DesignsModule, designsSpecs } from './designs.module';

runBackendService('designs', designsSpecs, (config) => DesignsModule.register(config));
