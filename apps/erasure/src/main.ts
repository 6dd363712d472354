import './tracing';
import { runBackendService } from '@embed/service-runtime';
import { ErasureModule, erasureSpecs } from './erasure.module';

runBackendService('erasure', erasureSpecs, (config) => ErasureModule.register(config));
