import { DemoCards } from './components/DemoCards';
import { Hero } from './components/Hero';
import { HowItWorks } from './components/HowItWorks';
import { PricingTeaser } from './components/PricingTeaser';

export function LandingPage() {
  return (
    <>
      <Hero />
      <DemoCards />
      <HowItWorks />
      <PricingTeaser />
    </>
  );
}
