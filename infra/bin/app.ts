import { App } from 'aws-cdk-lib';
import { manifests } from '../../services/index';
import { buildGivingApp } from '../lib/app';

const app = new App();
const { config } = buildGivingApp(app, { manifests });
if (config.defaulted.length) {
  console.warn(
    `Using default values for context ${config.defaulted.join(', ')} (see infra/lib/config.ts); set them with -c key=value before deploying.`,
  );
}
app.synth();
