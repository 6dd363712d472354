import './tracing';
import { runBackendService } from '@embed/service-runtime';
import { RendererModule, rendererSpecs } from './renderer.module';

runBackendService('renderer', rendererSpecs, (config) => RendererModule.register(config));
